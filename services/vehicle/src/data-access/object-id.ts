import { Types } from 'mongoose';

/** The ObjectId a caller's id names, or undefined when it names none (an unknown id simply matches nothing). */
export function toObjectId(id: string): Types.ObjectId | undefined {
  return Types.ObjectId.isValid(id) && String(new Types.ObjectId(id)) === id ? new Types.ObjectId(id) : undefined;
}

/** The ObjectIds of those of the ids that name one; the others match nothing, so they are left out. */
export function toObjectIds(ids: readonly string[]): Types.ObjectId[] {
  return ids.flatMap((id) => toObjectId(id) ?? []);
}
