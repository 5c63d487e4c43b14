// Lets node scripts (npm run machines) import modules whose screens import CSS: a stylesheet
// becomes an empty module (CSS modules an empty class map), as nothing here draws anything.
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`export async function load(url, context, next) {
  if (url.endsWith('.css')) return { format: 'module', source: 'export default {};', shortCircuit: true };
  return next(url, context);
}`),
);
