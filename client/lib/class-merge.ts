import { twMerge } from 'tailwind-merge';
import { installClassMerge } from '@/lib/utils';

/** Imported by the screens whose classes override a component's own (see lib/utils.ts). */
installClassMerge(twMerge);
