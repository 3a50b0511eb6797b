import { z, type ZodType } from 'zod';
import type { Actor } from '../actor';
import { isAppError } from '../errors';
import { logger } from '../logger';
import { takeAutoSnapshot } from '../snapshots/snapshot.service';

/**
 * One MCP tool: a name, a description, the zod schema of its arguments (listed to clients as JSON Schema) and a
 * thin adapter over a service function. `write` tools are hidden from, and refused to, read-only tokens.
 */
export interface McpTool<A = any> {
  name: string;
  description: string;
  input: ZodType;
  write: boolean;
  run: (actor: Actor, args: A) => Promise<unknown>;
}

/** Declares a tool with its argument type inferred from the schema. */
export function tool<S extends ZodType>(def: {
  name: string;
  description: string;
  input: S;
  write: boolean;
  run: (actor: Actor, args: z.output<S>) => Promise<unknown>;
}): McpTool<z.output<S>> {
  return def as McpTool<z.output<S>>;
}

/** No arguments. */
export const NoArgs = z.object({});
export const IdArgs = z.object({ id: z.string().min(1).max(80) });

/** A write tool over a service that returns nothing to show: the client gets `{ success: true, ...extra }`. */
export function actionTool<S extends ZodType>(
  def: {
    name: string;
    description: string;
    input: S;
    run: (actor: Actor, args: z.output<S>) => Promise<unknown>;
  },
  extra: Record<string, unknown> = {},
): McpTool<z.output<S>> {
  return tool({
    ...def,
    write: true,
    run: async (actor, args) => {
      await def.run(actor, args);
      return { success: true, ...extra };
    },
  });
}

/** A tool deleting one item by id. */
export function deleteTool(
  name: string,
  description: string,
  remove: (actor: Actor, id: string) => Promise<unknown>,
) {
  return actionTool({ name, description, input: IdArgs, run: (actor, { id }) => remove(actor, id) });
}

/** What every tool returns: one text item holding pretty-printed JSON (compat §12.2). */
export function textResult(value: unknown, isError = false) {
  return {
    content: [{ type: 'text' as const, text: JSON.stringify(value, null, 2) }],
    ...(isError ? { isError: true } : {}),
  };
}

function zodMessage(error: z.ZodError): string {
  const first = error.issues[0];
  const field = first?.path.join('.');
  return first ? (field ? `${field}: ${first.message}` : first.message) : 'Invalid arguments';
}

/** Tools that delete or replace data in bulk: an automatic snapshot is taken before each call (issue 15). */
export const isDestructiveTool = (name: string) => /^(delete|batch|bulk|restore)_/.test(name);

/** Validates the arguments and runs the tool; every failure becomes `isError: true` with `{"error": ...}`. */
export async function callTool(t: McpTool, actor: Actor, rawArgs: unknown) {
  if (t.write && actor.readOnly) return textResult({ error: 'This access token is read-only' }, true);
  try {
    const parsed = t.input.safeParse(rawArgs ?? {});
    if (!parsed.success) return textResult({ error: zodMessage(parsed.error) }, true);
    // Skipped (no new snapshot) when nothing changed since the newest one.
    if (isDestructiveTool(t.name)) await takeAutoSnapshot(actor.userId, 'mcp');
    return textResult(await t.run(actor, parsed.data));
  } catch (err) {
    if (isAppError(err)) return textResult({ error: err.message }, true);
    if (err instanceof z.ZodError) return textResult({ error: zodMessage(err) }, true);
    logger.error('mcp', 'tool failed', {
      tool: t.name,
      error: err instanceof Error ? err.stack : String(err),
    });
    return textResult({ error: 'Internal server error' }, true);
  }
}

/** The tool as `tools/list` shows it: the input schema as JSON Schema of what a client may send. */
export function describeTool(t: McpTool) {
  const schema = z.toJSONSchema(t.input, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete schema.$schema;
  return {
    name: t.name,
    description: t.description,
    inputSchema: { ...schema, type: 'object' as const },
    annotations: { readOnlyHint: !t.write },
  };
}
