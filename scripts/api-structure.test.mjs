import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_SOURCE, importsOf, measure } from './api-structure.mjs';

describe("the API's modules stand on each other", () => {
  it('counts cycles, two-way pairs and imports from below on a made-up graph', () => {
    const result = measure([
      { from: 'modules/a/a.service.ts', to: 'modules/b/b.service.ts' },
      { from: 'modules/b/b.service.ts', to: 'modules/c/c.service.ts' },
      { from: 'modules/c/c.service.ts', to: 'modules/a/a.service.ts' },
      { from: 'modules/c/c.service.ts', to: 'modules/b/b.service.ts' },
      { from: 'platform/jobs.ts', to: 'modules/a/a.service.ts' },
      { from: 'app.ts', to: 'modules/a/a.service.ts' },
    ]);
    expect(result.modulesInCycles).toBe(3);
    expect(result.twoWayPairs.map((pair) => pair.pair)).toEqual(['b ↔ c']);
    expect(result.importsFromBelow).toEqual(['platform/jobs.ts → modules/a/a.service.ts']);
  });

  it('has no module in a cycle, no two modules importing each other, and nothing below importing a module', () => {
    const result = measure(importsOf());
    expect(result.cycles).toEqual([]);
    expect(result.twoWayPairs).toEqual([]);
    expect(result.importsFromBelow).toEqual([]);
  });

  it('the orders module tells nobody directly after a commit: mail and realtime subscribe to its events', () => {
    const fromOrders = importsOf().filter(({ from }) => from.startsWith('modules/orders/'));
    expect(
      fromOrders.filter(({ to }) => /^platform\/(mail|realtime)\//.test(to) && !to.endsWith('mailer.ts')),
    ).toEqual([]);
  });

  it("writes the orders table only in the orders module's repositories (decision 0046), the seed aside", () => {
    const writers = [...new Set(importsOf().flatMap(({ from, to }) => [from, to]))].filter(
      (file) =>
        file.endsWith('.repository.ts') &&
        /\.(update|insert|delete)\(orders\)/.test(readFileSync(join(API_SOURCE, file), 'utf8')),
    );
    expect(writers.every((file) => file.startsWith('modules/orders/'))).toBe(true);
    expect(writers).toContain('modules/orders/orders.repository.ts');
  });
});
