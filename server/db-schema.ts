// One way to declare a collection's schema (docs/decisions.md "Schema helper"): every document has a string `_id`
// and no version key, and a field is declared by what it must hold, in the order it is stored.
import { Schema, type SchemaDefinition, type SchemaOptions } from 'mongoose';

type FieldType = SchemaDefinition[string];
type Fields = Record<string, FieldType>;

function each(fields: Fields, extra: Record<string, unknown>): SchemaDefinition {
  return Object.fromEntries(Object.entries(fields).map(([name, type]) => [name, { type, ...extra }]));
}

/** Fields that every document holds: `{ name: String }` is `{ name: { type: String, required: true } }`. */
export function required(fields: Fields): SchemaDefinition {
  return each(fields, { required: true });
}

/** Fields that hold null until set. */
export function nullable(fields: Fields): SchemaDefinition {
  return each(fields, { default: null });
}

/** Fields with a default value; the type follows the default (a string, number or boolean). */
export function defaults(fields: Record<string, string | number | boolean>): SchemaDefinition {
  const types = { string: String, number: Number, boolean: Boolean } as const;
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [
      name,
      { type: types[typeof value as keyof typeof types], default: value },
    ]),
  );
}

/** A collection's schema: a required string `_id` first, the given fields, no `__v`. */
export function docSchema<T>(fields: SchemaDefinition, options: SchemaOptions = {}): Schema<T> {
  const definition: SchemaDefinition = { _id: { type: String, required: true }, ...fields };
  // The fields are checked against T by the tests that write and read each collection, not by the compiler.
  return new Schema(definition, { versionKey: false, ...options }) as unknown as Schema<T>;
}

const WRITES = [
  'deleteOne',
  'deleteMany',
  'updateOne',
  'updateMany',
  'replaceOne',
  'findOneAndUpdate',
  'findOneAndDelete',
  'findOneAndReplace',
] as const;

/**
 * Runs `forget` before and after every write made through a model of this schema (a cache of its documents is
 * emptied, and a read that was in flight meanwhile is not kept by whoever checks a generation around it). Call it
 * before the model is defined.
 */
export function forgetOnWrites(schema: Schema<any>, forget: () => void): void {
  for (const op of WRITES) {
    schema.pre(op, function () {
      forget();
    });
    schema.post(op, function () {
      forget();
    });
  }
  schema.pre('bulkWrite', function () {
    forget();
  });
  schema.post('bulkWrite', function () {
    forget();
  });
}
