/** The server's entry point (`npm start`, `npm run serve`). */
import { main } from './run';

main();
