import { Schema, type Connection, type Model, type Types } from 'mongoose';
import { outboxPlugin, type OutboxFields } from '@cardirect/service-kit';
import type { Condition, SavedSearchFrequency } from '@cardirect/contracts';

/** A dealer's saved search, with where its e-mails go (kept as they were when saved, as a watch does). */
export interface SavedSearchDocument extends OutboxFields {
  _id: Types.ObjectId;
  dealerId: string;
  email: string;
  dealershipName: string;
  /** Lower-case catalogue values, as cars store them; the names are for its description. */
  make?: string;
  model?: string;
  makeName?: string;
  modelName?: string;
  yearFrom?: number;
  yearTo?: number;
  maxMileage?: number;
  withinMiles?: number;
  maxGrade?: Condition;
  frequency: SavedSearchFrequency;
  createdAt: Date;
}

/**
 * One car that fitted one search, and how the dealer hears of it: at once (the instant e-mail's
 * event is stored with it) or in the next digest (until `digestedAt`). The unique (search, car)
 * pair makes matching a car twice, by two instances or after a crash, store and send it once.
 */
export interface SavedSearchMatchDocument extends OutboxFields {
  _id: Types.ObjectId;
  searchId: Types.ObjectId;
  vehicleId: Types.ObjectId;
  delivery: 'instant' | 'digest';
  matchedAt: Date;
  digestedAt?: Date;
}

const savedSearchSchema = new Schema<SavedSearchDocument>(
  {
    dealerId: { type: String, required: true },
    email: { type: String, required: true },
    dealershipName: { type: String, required: true },
    make: String,
    model: String,
    makeName: String,
    modelName: String,
    yearFrom: Number,
    yearTo: Number,
    maxMileage: Number,
    withinMiles: Number,
    maxGrade: String,
    frequency: { type: String, required: true },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: 'saved_searches' },
);
savedSearchSchema.plugin(outboxPlugin);
// A dealer's list, newest first; the searches a newly listed car may fit, by its make (or any make).
savedSearchSchema.index({ dealerId: 1, createdAt: -1 });
savedSearchSchema.index({ make: 1 });

const savedSearchMatchSchema = new Schema<SavedSearchMatchDocument>(
  {
    searchId: { type: Schema.Types.ObjectId, required: true },
    vehicleId: { type: Schema.Types.ObjectId, required: true },
    delivery: { type: String, required: true },
    matchedAt: { type: Date, required: true },
    digestedAt: Date,
  },
  { collection: 'saved_search_matches' },
);
savedSearchMatchSchema.plugin(outboxPlugin);
savedSearchMatchSchema.index({ searchId: 1, vehicleId: 1 }, { unique: true });
// An instant search's e-mails of the last hour, and the cars each search's next digest lists.
savedSearchMatchSchema.index({ searchId: 1, delivery: 1, matchedAt: -1 });
savedSearchMatchSchema.index({ delivery: 1, digestedAt: 1 });

export type SavedSearchModel = Model<SavedSearchDocument>;
export type SavedSearchMatchModel = Model<SavedSearchMatchDocument>;

export function savedSearchModel(connection: Connection): SavedSearchModel {
  return connection.model<SavedSearchDocument>('SavedSearch', savedSearchSchema);
}

export function savedSearchMatchModel(connection: Connection): SavedSearchMatchModel {
  return connection.model<SavedSearchMatchDocument>('SavedSearchMatch', savedSearchMatchSchema);
}
