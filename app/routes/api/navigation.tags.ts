import { listNavigationTags } from '#server/navigation/navigation.service';
import { apiRoute } from '~/lib/api.server';
import { listItems } from '~/lib/api-handlers.server';

const handle = apiRoute({ GET: listItems('optional', listNavigationTags) });

export { handle as loader, handle as action };
