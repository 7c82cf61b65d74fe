import type { ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { twMerge } from 'tailwind-merge';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthSkeleton } from '@/components/skeletons/auth-skeleton';
import { DashboardSkeleton } from '@/components/skeletons/dashboard-skeleton';
import { PublicPageSkeleton } from '@/components/skeletons/public-page-skeleton';
import { renderPage } from '@/entry-server';
import { installClassMerge } from '@/lib/utils';

/**
 * What renders before tailwind-merge is installed joins classes as they are (lib/utils.ts): that
 * holds only while none of its classes overrides a component's own. Each page the build renders,
 * and each skeleton shown while a screen loads, is rendered here with and without it, and must
 * come out the same.
 */
const join = (classes: string) => classes;

afterEach(() => installClassMerge(join));

async function bothWays(render: () => Promise<string> | string) {
  installClassMerge(join);
  const joined = await render();
  installClassMerge(twMerge);
  const merged = await render();
  return { joined, merged };
}

describe('before tailwind-merge loads', () => {
  it.each(['/', '/plans?selected=multi', '/auth?plan=basico', '/nao-existe'])(
    'the page at %s has the same markup with it as without',
    async (address) => {
      const { joined, merged } = await bothWays(() => renderPage(address));
      expect(joined).toContain('<h1');
      expect(joined).toBe(merged);
    },
  );

  it.each([
    ['the dashboard', DashboardSkeleton],
    ['the sign-in page', AuthSkeleton],
    ['a public page', PublicPageSkeleton],
  ] as [string, ComponentType][])(
    "%s's skeleton has the same markup with it as without",
    async (_, Skeleton) => {
      const { joined, merged } = await bothWays(() => renderToStaticMarkup(<Skeleton />));
      expect(joined).toContain('class=');
      expect(joined).toBe(merged);
    },
  );
});
