import { twMerge } from 'tailwind-merge';
import '@/app.css';
import { installClassMerge } from '@/lib/utils';

/**
 * What the screens that read the API (and the toasts, and the public pages' dialogs) style with
 * beyond the public pages: the stylesheet of every source (app.css; index.css has only the public
 * pages' utilities) and tailwind-merge, since their classes override components' own
 * (lib/utils.ts).
 */
installClassMerge(twMerge);
