import { clsx, type ClassValue } from 'clsx';

type Merge = (classes: string) => string;

/**
 * How `cn` settles conflicting Tailwind utilities. The public pages (landing, plans, sign-in)
 * pass no class that overrides one of a component's own, so they join classes as they are and
 * load no tailwind-merge (8.5 KB gzip, a fourteenth of their first load); the signed-in screens,
 * which do override, install it before they render (lib/app-styles.ts, app/lazy-page.tsx).
 * client/app/public-pages-classes.test.tsx renders the public pages both ways and fails if
 * their markup differs.
 */
let merge: Merge = (classes) => classes;

/** Makes later Tailwind utilities override earlier ones from now on. */
export function installClassMerge(next: Merge): void {
  merge = next;
}

/** Joins class names; once installClassMerge has run, later utilities override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return merge(clsx(inputs));
}
