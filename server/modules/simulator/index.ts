/**
 * The built-in stand-in for an Evolution API gateway (the same REST contract and webhooks) and
 * the page where a person scans its QR code and chats as a customer.
 */
export { simulatorRoutes } from './simulator.plugin';
