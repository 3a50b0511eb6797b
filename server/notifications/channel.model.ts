import { defineModel } from '../db';
import { docSchema, defaults, required } from '../db-schema';

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

const ChannelSchema = docSchema<ChannelDoc>(
  {
    ownerId: { type: String, required: true, index: true },
    ...required({ name: String }),
    ...defaults({ type: 'webhook' }),
    ...required({ url: String }),
    ...defaults({
      method: 'POST',
      contentType: 'application/json',
      titleParam: 'title',
      contentParam: 'content',
      enabled: true,
    }),
    ...required({ createdAt: Date, updatedAt: Date }),
  },
  { collection: 'notification_channels' },
);

export const ChannelModel = defineModel<ChannelDoc>('NotificationChannel', ChannelSchema);
