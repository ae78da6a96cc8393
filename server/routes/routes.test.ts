import { describe, expect, it } from 'vitest';
import { routes } from '../../src/contract';
import { findRoute } from '../http/router';
import { handlers } from './index';

describe('route table', () => {
  it('has a handler for every route of the contract', () => {
    const names = Object.keys(routes).sort();
    expect(Object.keys(handlers).sort()).toEqual(names);
    for (const name of names) {
      const entry = handlers[name as keyof typeof handlers];
      // A handler, or a declared route (its own body reader) with one.
      expect(typeof (typeof entry === 'function' ? entry : entry.handle)).toBe('function');
    }
  });

  it('finds each route by method and path, and lists allowed methods otherwise', () => {
    for (const [name, def] of Object.entries(routes)) {
      const path = def.path.replace(/\{(\w+)\}/g, 'x1');
      const found = findRoute(def.method, path);
      expect('name' in found && found.name).toBe(name);
    }
    expect(findRoute('POST', '/me')).toEqual({ allowed: ['GET'] });
    expect(findRoute('GET', '/nowhere')).toEqual({ allowed: [] });
  });
});
