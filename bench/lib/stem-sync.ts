// The real sync of bench/lib/sync-songs.ts on a variant of the vocal stem: STEM='{"steadySeconds":0.5}'
// (JSON of SeparationOptions) becomes separateCentre's default, then sync-songs runs as usual.
// Usage: STEM='{"maskPower":2}' npx tsx bench/lib/stem-sync.ts [song names]
import { separationDefaults } from '../../server/audio/separate';

Object.assign(separationDefaults, JSON.parse(process.env.STEM ?? '{}') as object);
console.log(`stem options ${JSON.stringify(separationDefaults)}`);
await import('./sync-songs');
