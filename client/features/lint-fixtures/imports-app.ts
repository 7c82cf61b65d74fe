// A feature importing client/app: server/test/eslint-config.test.ts expects
// import-x/no-restricted-paths to refuse both spellings.
import { lazyPage } from '@/app/lazy-page';
import { ProtectedRoute } from '../../app/protected-route';

export const composed = [lazyPage, ProtectedRoute];
