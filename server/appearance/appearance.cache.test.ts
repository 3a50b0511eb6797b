import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { actorOf, createUser } from '../../tests/factories';
import { resetDatabase } from '../../tests/setup/db';
import { env } from '../env';
import { AppearanceModel } from './appearance.model';
import { getAppearances, saveAppearances } from './appearance.service';

const look = (textColor: string) => ({
  desktopWallpaperAssetId: null,
  mobileWallpaperAssetId: null,
  fontPreset: 'serif' as const,
  fontSize: 18,
  overlayOpacity: 0.5,
  textColor,
});

describe('owners’ appearances kept for CACHE_TTL_MS', () => {
  // The tests run with CACHE_TTL_MS=0 (nothing kept); here it is a minute, so only a forgotten entry can change.
  const settings = env() as { CACHE_TTL_MS: number };
  const ttl = settings.CACHE_TTL_MS;
  beforeEach(async () => {
    await resetDatabase();
    settings.CACHE_TTL_MS = 60_000;
  });
  afterEach(() => {
    settings.CACHE_TTL_MS = ttl;
  });

  it('serves the kept look until any write through the model, which shows at once', async () => {
    const actor = actorOf(await createUser());
    expect((await getAppearances(actor)).light.textColor).toBe('#18212f');
    await saveAppearances(actor, { light: look('#112233'), dark: look('#445566') });
    expect((await getAppearances(actor)).light.textColor).toBe('#112233');
    // Changed behind the model's back (as another instance would): the kept look is served.
    await AppearanceModel.collection.updateOne({ _id: `${actor.userId}:light` } as never, {
      $set: { textColor: '#778899' },
    });
    expect((await getAppearances(actor)).light.textColor).toBe('#112233');
    // Any write through the model (here a deletion, as account deletion and imports do) forgets it.
    await AppearanceModel.deleteMany({ ownerId: actor.userId });
    expect((await getAppearances(actor)).light.textColor).toBe('#18212f');
  });
});
