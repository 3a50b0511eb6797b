// The product's own name, shown where an instance has no site name of its own (the site name is an administrator's
// setting). The service stays compatible with SakuraNav 1.8 (its interface and archives, docs/api.md), whose name it
// does not use as its own (docs/decisions.md §71).
export const PRODUCT_NAME = 'Sakura Dash';
