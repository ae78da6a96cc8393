/**
 * Setup of the unit tests that run in a DOM (`*.test.tsx`, vite.config.ts project `dom`): what a
 * test rendered is unmounted after it, as Testing Library does by itself where `afterEach` is a
 * global (vitest's globals are off here), so a test file need not say so.
 */
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);
