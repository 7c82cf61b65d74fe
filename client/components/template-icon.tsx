import type { TemplateIcon as TemplateIconName } from '@common/templates';
import {
  Car,
  Croissant,
  Dumbbell,
  GraduationCap,
  Headset,
  House,
  PawPrint,
  Scale,
  Scissors,
  Shirt,
  ShoppingBag,
  Smile,
  Sparkles,
  Stethoscope,
  UtensilsCrossed,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '@/lib/utils';

const ICONS: Record<TemplateIconName, LucideIcon> = {
  Croissant,
  UtensilsCrossed,
  Scissors,
  Sparkles,
  Dumbbell,
  House,
  Shirt,
  Car,
  Headset,
  Wrench,
  Stethoscope,
  PawPrint,
  Scale,
  Smile,
  ShoppingBag,
  GraduationCap,
};

/** A template's icon in the brand tile used by the gallery and the creation dialog. */
export function TemplateIcon({ name, className }: { name: TemplateIconName; className?: string }) {
  const Icon = ICONS[name];
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-navy text-brand-lime',
        className,
      )}
    >
      <Icon className="size-5" />
    </span>
  );
}
