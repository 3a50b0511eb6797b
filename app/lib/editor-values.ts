// Between the editor forms and the services: the form's starting values from a DTO, and a service input from a
// validated form value. Pure functions, browser-safe.
import type { z } from 'zod';
import type { CardDto } from '#server/cards/card.dto';
import type { TodoItem } from '#server/cards/card.model';
import {
  SiteCreateSchema,
  type NoteCreate,
  type SiteCreate,
  type SocialCreate,
} from '#server/cards/card.schema';
import { isDefaultSocialName, type SocialTypeMeta } from '#server/cards/card-kinds.shared';
import type { TagDto } from '#server/tags/tag.dto';
import type { TagCreate } from '#server/tags/tag.schema';
import type { NoteFormValue, SiteFormValue, SocialFormValue, TagFormValue } from './editor-schemas';

function newId(prefix: string): string {
  return `${prefix}-${crypto.randomUUID()}`;
}

/** A blank optional field is left out of the form's value; the services clear a field given null. */
function blanksAsNull<T, K extends keyof T>(value: T, keys: readonly K[]) {
  return Object.fromEntries(keys.map((k) => [k, value[k] ?? null])) as { [P in K]: NonNullable<T[P]> | null };
}

// ---- tags ----

export function tagDefaults(tag: TagDto | null) {
  return {
    name: tag?.name ?? '',
    description: tag?.description ?? '',
    logoUrl: tag?.logoUrl ?? '',
    logoBgColor: tag?.logoBgColor ?? '',
    isHidden: tag?.isHidden ?? false,
  };
}

/** Every field is sent, so a blank one clears the value and an unticked box is false. */
export function toTagInput(value: TagFormValue): Required<TagCreate> {
  return {
    name: value.name,
    ...blanksAsNull(value, ['description', 'logoUrl', 'logoBgColor']),
    isHidden: value.isHidden ?? false,
  };
}

// ---- site cards ----

/** What a new site card starts with: the API's defaults (one source), an empty name and URL. */
function newSiteDefaults(): SiteCreate {
  return { ...SiteCreateSchema.parse({ name: '-', siteUrl: 'https://example.com' }), name: '', siteUrl: '' };
}

export function siteDefaults(card: CardDto | null, preselectTagId?: string | null) {
  const base = card ?? { ...newSiteDefaults(), tags: preselectTagId ? [{ id: preselectTagId }] : [] };
  return {
    name: base.name,
    siteUrl: base.siteUrl,
    siteDescription: base.siteDescription ?? '',
    iconUrl: base.iconUrl ?? '',
    iconBgColor: base.iconBgColor ?? '',
    siteIsPinned: base.siteIsPinned,
    tagIds: base.tags.map((t) => t.id),
    siteAccessRules: { urls: base.siteAccessRules?.urls ?? [] },
    siteSkipOnlineCheck: base.siteSkipOnlineCheck,
    siteOnlineCheckFrequency: base.siteOnlineCheckFrequency as SiteFormValue['siteOnlineCheckFrequency'],
    siteOnlineCheckTimeout: base.siteOnlineCheckTimeout,
    siteOnlineCheckMatchMode: base.siteOnlineCheckMatchMode as SiteFormValue['siteOnlineCheckMatchMode'],
    siteOnlineCheckKeyword: base.siteOnlineCheckKeyword,
    siteOnlineCheckFailThreshold: base.siteOnlineCheckFailThreshold,
    siteOfflineNotify: base.siteOfflineNotify,
    siteRecommendContext: base.siteRecommendContext,
    siteRecommendContextEnabled: base.siteRecommendContextEnabled,
    siteRecommendContextAutoGen: base.siteRecommendContextAutoGen,
    siteAiRelationEnabled: base.siteAiRelationEnabled,
    siteRelatedSitesEnabled: base.siteRelatedSitesEnabled,
    siteRelatedSites: (card?.siteRelatedSites ?? []).map((r) => ({
      cardId: r.cardId,
      enabled: r.enabled,
      reason: r.reason,
      source: r.source,
    })),
    siteNotes: base.siteNotes,
    siteNotesAiEnabled: base.siteNotesAiEnabled,
    siteTodos: base.siteTodos.map((t) => ({
      id: t.id,
      text: t.text,
      completed: t.completed,
      noteId: t.noteId,
    })),
    siteTodosAiEnabled: base.siteTodosAiEnabled,
  };
}

/**
 * The todos to save: the form's own todos (new ones get an id), then the todos notes keep on this card as they are
 * now (a note may have added one since the form was opened), with only their done state taken from the form.
 */
export function mergeTodos(form: SiteFormValue['siteTodos'], current: TodoItem[]): SiteCreate['siteTodos'] {
  const manual = form
    .filter((t) => !t.noteId)
    .map((t) => ({ id: t.id ?? newId('todo'), text: t.text, completed: t.completed, noteId: undefined }));
  const fromNotes = current
    .filter((t) => t.noteId)
    .map((t) => {
      const ticked = form.find((f) => f.noteId && f.id === t.id);
      return { ...t, noteId: t.noteId, completed: ticked ? ticked.completed : t.completed };
    });
  return [...manual, ...fromNotes];
}

/** The complete site input (every field, so the form replaces the card's values). */
export function toSiteInput(value: SiteFormValue, currentTodos: TodoItem[] = []): SiteCreate {
  const urls = value.siteAccessRules.urls.map((u) => ({
    id: u.id ?? newId('url'),
    url: u.url,
    label: u.label,
  }));
  return {
    ...value,
    ...blanksAsNull(value, ['siteDescription', 'iconUrl', 'iconBgColor']),
    siteAccessRules: urls.length ? { urls } : null,
    siteRelatedSites: value.siteRelatedSites.map((r, i) => ({ ...r, sortOrder: i })),
    siteTodos: mergeTodos(value.siteTodos, currentTodos),
  };
}

// ---- social cards ----

/** The JSON `cardData` of a social or note card as an object. */
export function cardDataOf(card: Pick<CardDto, 'cardData'>): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(card.cardData ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function socialDefaults(card: CardDto | null, meta: SocialTypeMeta) {
  if (!card) return { label: '', hint: '', iconUrl: '', iconBgColor: '', payload: { [meta.idField]: '' } };
  const payload = cardDataOf(card);
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');
  return {
    // The type's stored default name is no label of the user's: the field stays empty (the hint names the type).
    label: isDefaultSocialName(meta, card.name) ? '' : card.name,
    hint: card.socialHint ?? '',
    iconUrl: card.iconUrl ?? '',
    iconBgColor: card.iconBgColor ?? '',
    payload: {
      [meta.idField]: text(payload[meta.idField]),
      ...(meta.qr ? { qrCodeUrl: text(payload.qrCodeUrl) } : {}),
    },
  };
}

/** Blank label, hint, icon and colour go back to the type's own (the service fills them in). */
export function toSocialInput(value: SocialFormValue, meta: SocialTypeMeta): SocialCreate {
  return {
    cardType: meta.type,
    ...blanksAsNull(value, ['label', 'hint', 'iconUrl', 'iconBgColor']),
    payload: value.payload as SocialCreate['payload'],
  };
}

// ---- notes ----

/** The note's own title (blank when it has none; the card's name is then made from the text) and text. */
export function noteDefaults(card: Pick<CardDto, 'cardData' | 'iconUrl'> | null) {
  const data = card ? cardDataOf(card) : {};
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  return { title: text(data.title), content: text(data.content), iconUrl: card?.iconUrl ?? '' };
}

/** A blank title clears it (the card then shows the start of the text); a blank icon clears it too. */
export function toNoteInput(value: NoteFormValue): Pick<NoteCreate, 'title' | 'content' | 'iconUrl'> {
  return { ...blanksAsNull(value, ['title', 'iconUrl']), content: value.content };
}

// ---- errors ----

/** conform's field name for a zod issue path, e.g. `siteAccessRules.urls[0].url`. */
export function fieldNameOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (name, key) =>
      typeof key === 'number' ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key),
    '',
  );
}

/** Zod issues as conform field errors ('' holds the form-level ones). */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) (out[fieldNameOf(issue.path)] ??= []).push(issue.message);
  return out;
}
