import { beforeEach, describe, expect, it } from 'vitest';
import { resetDatabase } from '../tests/setup/db';
import { SessionModel } from './auth/session.model';
import { MAINTENANCE_TASKS } from './maintenance';
import { RateBucketModel } from './rate-limit/rate-limit.model';
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
      { _id: 'b-old', count: 1, expiresAt: past() },
      { _id: 'b-live', count: 1, expiresAt: future() },
    ]);
    const items = { tags: [], cards: [], memberships: [], relations: [] };
    await TrashModel.create([
      { _id: 't-old', ownerId: 'u', items, createdAt: now, expiresAt: past() },
      { _id: 't-live', ownerId: 'u', items, createdAt: now, expiresAt: future() },
    ]);

    for (const task of MAINTENANCE_TASKS) await task.run();

    expect((await SessionModel.find().lean()).map((d) => d._id)).toEqual(['s-live']);
    expect((await RateBucketModel.find().lean()).map((d) => d._id)).toEqual(['b-live']);
    expect((await TrashModel.find().lean()).map((d) => d._id)).toEqual(['t-live']);
    expect(MAINTENANCE_TASKS.map((t) => t.name)).toEqual([
      'expired sessions',
      'expired rate-limit buckets',
      'expired undo records',
    ]);
  });
});
