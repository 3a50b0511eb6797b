import type { Actor } from '../actor';
import { notFound } from '../errors';
import {
  AppClientModel,
  AppCodeModel,
  AppGrantModel,
  AppTokenModel,
  type AppGrantDoc,
} from './mcp-oauth.model';
import { toAppGrant, type AppGrantDto } from './grant.dto';

const DAY = 86_400_000;

/** Lists the apps the caller allowed (MCP authorization), newest first. */
export async function listAppGrants(actor: Actor): Promise<AppGrantDto[]> {
  const rows = await AppGrantModel.find({ userId: actor.userId }).lean<AppGrantDoc[]>();
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).map(toAppGrant);
}

/**
 * Revokes one of the caller's app connections: its access and refresh tokens stop working at once (and MCP streams
 * opened with them end at their next check).
 */
export async function revokeAppGrant(actor: Actor, grantId: string): Promise<void> {
  const res = await AppGrantModel.deleteOne({ _id: grantId, userId: actor.userId });
  if ((res.deletedCount ?? 0) === 0) throw notFound('App connection');
  await AppTokenModel.deleteMany({ grantId });
}

/** Removes a deleted account's connections and their tokens. */
export async function deleteUserAppGrants(userId: string): Promise<void> {
  await AppGrantModel.deleteMany({ userId });
  await AppTokenModel.deleteMany({ userId });
  await AppCodeModel.deleteMany({ userId });
}

/**
 * Sweeps what has expired (FerretDB has no TTL indexes): codes, tokens, and clients that registered but nobody
 * allowed within a day (registration is open to anyone, so unused clients must not pile up).
 */
export async function purgeExpiredAppAuth(): Promise<number> {
  const now = new Date();
  const codes = await AppCodeModel.deleteMany({ expiresAt: { $lte: now } });
  const tokens = await AppTokenModel.deleteMany({ expiresAt: { $lte: now } });
  const clients = await AppClientModel.deleteMany({
    allowedAt: null,
    createdAt: { $lte: new Date(now.getTime() - DAY) },
  });
  return (codes.deletedCount ?? 0) + (tokens.deletedCount ?? 0) + (clients.deletedCount ?? 0);
}
