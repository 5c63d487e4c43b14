/** The AI chatbot's window (/chat/bot); the assistant itself comes later. */
export { routes } from './routes';
