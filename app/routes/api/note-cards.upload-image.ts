import { KIND_RULES } from '#server/assets/file-rules';
import { uploadNoteImage } from '#server/assets/upload.service';
import { apiRoute } from '~/lib/api.server';
import { fileUpload } from '~/lib/api-handlers.server';

const handle = apiRoute({ POST: fileUpload(KIND_RULES['note-image'].maxBytes, uploadNoteImage) });

export { handle as loader, handle as action };
