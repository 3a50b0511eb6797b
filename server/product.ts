// The product's name and version as the server gives them to clients (MCP's serverInfo).
import pkg from '../package.json' with { type: 'json' };

export { PRODUCT_NAME } from './product.shared';
export const PRODUCT_VERSION: string = pkg.version;
