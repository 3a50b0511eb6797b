// One app instance on the embedded store (docs/decisions.md §23): `npm start` sets SINGLE_INSTANCE for the database
// it builds and starts, and a second app process on that database refuses to start. The lease is a document
// claimed by insert (atomic on FerretDB too, whose concurrent updates of one document are lost); only its holder
// updates it afterwards, with a heartbeat. A lease whose holder is a process of this machine that no longer exists,
// or whose heartbeat stopped, is taken over at once.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Schema } from 'mongoose';
import { defineModel, isDuplicateKeyError } from './db';
import { logger } from './logger';

interface LeaseDoc {
  _id: string;
  holder: string;
  host: string;
  pid: number;
  beatAt: Date;
}

const LeaseModel = defineModel<LeaseDoc>(
  'InstanceLease',
  new Schema<LeaseDoc>(
    {
      _id: { type: String, required: true },
      holder: { type: String, required: true },
      host: { type: String, required: true },
      pid: { type: Number, required: true },
      beatAt: { type: Date, required: true },
    },
    { versionKey: false },
  ),
);

const LEASE_ID = 'app';
const BEAT_MS = 5_000;
const STALE_MS = 30_000;

export class LeaseHeldError extends Error {}

let mine: LeaseDoc | undefined;
let timer: NodeJS.Timeout | undefined;

function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

function abandoned(lease: LeaseDoc): boolean {
  if (Date.now() - lease.beatAt.getTime() > STALE_MS) return true;
  return lease.host === hostname() && (lease.pid === process.pid || gone(lease.pid));
}

/** Claims the lease, or throws LeaseHeldError naming the instance that holds it. */
export async function takeInstanceLease(): Promise<void> {
  const lease: LeaseDoc = {
    _id: LEASE_ID,
    holder: randomUUID(),
    host: hostname(),
    pid: process.pid,
    beatAt: new Date(),
  };
  for (let attempt = 0; !mine; attempt++) {
    try {
      await LeaseModel.collection.insertOne(lease as never);
      mine = lease;
    } catch (err) {
      if (!isDuplicateKeyError(err) || attempt > 3) throw err;
      const held = await LeaseModel.findById(LEASE_ID).lean<LeaseDoc>();
      if (held && !abandoned(held))
        throw new LeaseHeldError(
          `Another app instance (pid ${held.pid} on ${held.host}) is serving this embedded database; ` +
            'several instances need MongoDB (set MONGODB_URI).',
        );
      // Only the abandoned lease read above: a takeover by another starter in between is not undone.
      if (held) await LeaseModel.deleteOne({ _id: LEASE_ID, holder: held.holder });
    }
  }
  timer = setInterval(() => void beat(), BEAT_MS);
  timer.unref();
}

async function beat(): Promise<void> {
  if (!mine) return;
  try {
    const res = await LeaseModel.updateOne(
      { _id: LEASE_ID, holder: mine.holder },
      { $set: { beatAt: new Date() } },
    );
    if (res.matchedCount === 0) {
      // Taken over (this process looked dead for STALE_MS): two writers of one space must never run.
      logger.error('instance', 'another app instance took over the embedded database; stopping');
      process.exit(1);
    }
  } catch (err) {
    logger.warn('instance', 'could not renew the instance lease', { error: String(err) });
  }
}

/** Gives the lease up (shutdown), so the next start need not prove this process gone. */
export async function releaseInstanceLease(): Promise<void> {
  if (timer) clearInterval(timer);
  timer = undefined;
  if (!mine) return;
  const { holder } = mine;
  mine = undefined;
  await LeaseModel.deleteOne({ _id: LEASE_ID, holder });
}
