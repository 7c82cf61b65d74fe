import type { TestProject } from 'vitest/node';
import { provideServerBundle } from './server-bundle';

/** The unit run's one preparation: the server bundle its process tests start (server-bundle.ts). */
export default function setup(project: TestProject) {
  return provideServerBundle(project);
}
