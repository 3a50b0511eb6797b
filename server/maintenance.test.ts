import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase } from '../tests/setup/db';
import { SessionModel } from './auth/session.model';
import { MAINTENANCE_TASKS } from './maintenance';
import { McpSseMessageModel, McpSseSessionModel } from './mcp/sse-relay.model';
import { CheckLeaseModel } from './online-check/lease.model';
import { RateBucketModel } from './rate-limit/rate-limit.model';
import { SnapshotModel } from './snapshots/snapshot.model';
import { SpaceChangeModel } from './spaces/space-change.model';
import { TrashModel } from './trash/trash.model';

const past = () => new Date(Date.now() - 60_000);
const future = () => new Date(Date.now() + 60 * 60_000);

describe('maintenance sweeps', () => {
  beforeEach(resetDatabase);

  it('each sweep removes only expired records', async () => {
    const now = new Date();
    const session = {
      publicId: 'p',
      userId: 'u',
      persistent: false,
      createdAt: now,
      lastSeenAt: now,
      userAgent: null,
      ip: null,
      impersonatedBy: null,
    };
    await SessionModel.create([
      { ...session, _id: 's-old', publicId: 'p1', expiresAt: past() },
      { ...session, _id: 's-live', publicId: 'p2', expiresAt: future() },
    ]);
    await RateBucketModel.create([
      { _id: 'b-old#1', bucket: 'b-old', expiresAt: past() },
      { _id: 'b-live#1', bucket: 'b-live', expiresAt: future() },
    ]);
    const items = { tags: [], cards: [], memberships: [], relations: [] };
    await TrashModel.create([
      { _id: 't-old', ownerId: 'u', items, createdAt: now, expiresAt: past() },
      { _id: 't-live', ownerId: 'u', items, createdAt: now, expiresAt: future() },
    ]);

    const idleSince = new Date(Date.now() - 31 * 60_000);
    await McpSseSessionModel.create([
      { _id: 'm-idle', userId: 'u', createdAt: idleSince, lastPostAt: idleSince },
      { _id: 'm-live', userId: 'u', createdAt: now, lastPostAt: now },
    ]);
    const poster = { userId: 'u', username: 'u', role: 'user' as const, tokenId: 't', readOnly: false };
    await McpSseMessageModel.create([
      { _id: 'msg-idle', sessionId: 'm-idle', body: '{}', poster, createdAt: idleSince },
      { _id: 'msg-live', sessionId: 'm-live', body: '{}', poster, createdAt: now },
    ]);

    // Change records: old ones go, but never a space's newest (the next writer claims the revision after it).
    const hourAgo = new Date(Date.now() - 60 * 60_000);
    const [u, v] = [`u-${randomUUID()}`, `v-${randomUUID()}`];
    await SpaceChangeModel.create([
      { _id: `${u}:1`, ownerId: u, rev: 1, at: hourAgo },
      { _id: `${u}:2`, ownerId: u, rev: 2, at: hourAgo },
      { _id: `${v}:1`, ownerId: v, rev: 1, at: now },
      { _id: `${v}:2`, ownerId: v, rev: 2, at: now },
    ]);

    // Online-check leases: kept for two days (the longest slot is one).
    await CheckLeaseModel.create([
      { _id: 'c1:old', at: new Date(Date.now() - 3 * 86_400_000) },
      { _id: 'c1:live', at: now },
    ]);

    // Snapshots: kept for SNAPSHOT_RETENTION_DAYS (30).
    const snap = { ownerId: 'u', label: 'v1', hash: 'h', chunks: 0, bytes: 0, tags: 0, cards: 0 };
    await SnapshotModel.create([
      { ...snap, _id: 'snap-old', createdAt: new Date(Date.now() - 31 * 86_400_000) },
      { ...snap, _id: 'snap-live', createdAt: now },
    ]);

    for (const task of MAINTENANCE_TASKS) await task.run();

    expect((await SpaceChangeModel.find().lean()).map((d) => d._id).sort()).toEqual([
      `${u}:2`,
      `${v}:1`,
      `${v}:2`,
    ]);

    expect((await SessionModel.find().lean()).map((d) => d._id)).toEqual(['s-live']);
    expect((await RateBucketModel.find().lean()).map((d) => d._id)).toEqual(['b-live#1']);
    expect((await TrashModel.find().lean()).map((d) => d._id)).toEqual(['t-live']);
    expect((await McpSseSessionModel.find().lean()).map((d) => d._id)).toEqual(['m-live']);
    expect((await McpSseMessageModel.find().lean()).map((d) => d._id)).toEqual(['msg-live']);
    expect((await CheckLeaseModel.find().lean()).map((d) => d._id)).toEqual(['c1:live']);
    expect((await SnapshotModel.find().lean()).map((d) => d._id)).toEqual(['snap-live']);
    expect(MAINTENANCE_TASKS.map((t) => t.name)).toEqual([
      'expired sessions',
      'expired rate-limit buckets',
      'expired undo records',
      'idle MCP SSE sessions',
      'expired MCP app authorizations',
      'old space change records',
      'old online-check leases',
      'interrupted snapshot restores',
      'expired snapshots',
      'orphaned files',
    ]);
  });
});
