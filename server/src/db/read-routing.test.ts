import { describe, expect, it } from 'vitest';
import { lsnValue, MAX_BEHIND_MS, ReplicaClock, replicaName } from './read-routing';

describe('lsnValue', () => {
  it('orders WAL positions as PostgreSQL does (high part first, both hexadecimal)', () => {
    expect(lsnValue('0/16B3748')).toBe(0x16b3748n);
    expect(lsnValue('1/0')).toBeGreaterThan(lsnValue('0/FFFFFFFF'));
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(() => lsnValue('16B374D848')).toThrow('not a WAL position');
  });
});

describe('ReplicaClock', () => {
  it('a replica is caught up to the latest time whose primary position it has replayed', () => {
    const clock = new ReplicaClock(2);
    clock.notePrimary(1000, 100n);
    clock.notePrimary(1250, 200n);
    clock.notePrimary(1500, 300n);
    clock.noteReplica(0, 250n);
    clock.noteReplica(1, 300n);
    // A change at 1200 is in the position noted at 1250, which replica 0 has; one at 1300 is not.
    expect(clock.readable(1200, 1600)).toEqual([0, 1]);
    expect(clock.readable(1300, 1600)).toEqual([1]);
    // Nothing changed lately: both, while neither is too far behind.
    expect(clock.readable(-Infinity, 1600)).toEqual([0, 1]);
    expect(clock.readable(-Infinity, 1250 + MAX_BEHIND_MS + 1)).toEqual([1]);
  });

  it('a replica that is gone, or is no standby (no replay position), is not read until it answers again', () => {
    const clock = new ReplicaClock(1);
    expect(clock.readable(-Infinity, 0)).toEqual([]);
    clock.notePrimary(0, 10n);
    clock.noteReplica(0, 10n);
    expect(clock.readable(-Infinity, 100)).toEqual([0]);
    clock.noteGone(0);
    expect(clock.readable(-Infinity, 100)).toEqual([]);
    clock.noteReplica(0, 10n);
    expect(clock.readable(-Infinity, 100)).toEqual([0]);
    clock.noteReplica(0, null);
    expect(clock.readable(-Infinity, 100)).toEqual([]);
  });
});

describe('replicaName', () => {
  it("names a replica by its URL's host, port and database, never its password", () => {
    expect(replicaName({ options: { connectionString: 'postgres://app:secret@replica1.example:6432/shelf' } })).toBe('replica1.example:6432/shelf');
    expect(replicaName({ options: { connectionString: 'postgresql://app@10.0.0.7/shelf' } })).toBe('10.0.0.7:5432/shelf');
  });
});
