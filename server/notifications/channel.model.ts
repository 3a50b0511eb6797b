import { Schema } from 'mongoose';
import { defineModel } from '../db';

/** A user's webhook channel for offline notifications (compat §2.17). */
export interface ChannelDoc {
  _id: string;
  ownerId: string;
  name: string;
  type: 'webhook';
  url: string;
  method: 'POST' | 'PUT' | 'GET';
  contentType: 'application/json' | 'application/x-www-form-urlencoded';
  titleParam: string;
  contentParam: string;
  enabled: boolean;
  createdAt: Date;
  updatedAt: Date;
}

const ChannelSchema = new Schema<ChannelDoc>(
  {
    _id: { type: String, required: true },
    ownerId: { type: String, required: true, index: true },
    name: { type: String, required: true },
    type: { type: String, default: 'webhook' },
    url: { type: String, required: true },
    method: { type: String, default: 'POST' },
    contentType: { type: String, default: 'application/json' },
    titleParam: { type: String, default: 'title' },
    contentParam: { type: String, default: 'content' },
    enabled: { type: Boolean, default: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false, collection: 'notification_channels' },
);

export const ChannelModel = defineModel<ChannelDoc>('NotificationChannel', ChannelSchema);
