import fs from 'node:fs';
import path from 'node:path';
import { METRICS_PROCESSES, metricsPortsOf } from './ports';

/** docs/operations.md's table of metrics ports: process name → offset from METRICS_PORT_BASE. */
function documentedMetricsOffsets(): Record<string, number> {
  const doc = fs.readFileSync(path.resolve(__dirname, '../../../docs/operations.md'), 'utf8');
  const rows = [...doc.matchAll(/^\| base(?: \+ (\d+))? \| (\w+) \|$/gm)];
  return Object.fromEntries(rows.map(([, offset, name]) => [name!, Number(offset ?? 0)]));
}

describe('metrics ports from METRICS_PORT_BASE', () => {
  it('are the ones docs/operations.md lists, process by process', async () => {
    const assigned = await metricsPortsOf({ METRICS_PORT_BASE: 9464 });
    const documented = Object.fromEntries(Object.entries(documentedMetricsOffsets()).map(([name, offset]) => [name, 9464 + offset]));
    expect(Object.keys(documented)).toHaveLength(METRICS_PROCESSES.length);
    expect(documented).toEqual(assigned);
  });
});
