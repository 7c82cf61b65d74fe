import {
  publicBookingSchema,
  type PublicBookingPage,
  type PublicBookingResult,
  type Slot,
} from '@common/schemas/appointments';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { FormField } from '@/components/form-field';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useCreatePublicBookingMutation } from '@/features/appointments/api/create-public-booking';
import { usePublicSlotsQuery } from '@/features/appointments/api/get-public-slots';
import {
  addDays,
  dayIn,
  dayInWords,
  dayShort,
  groupByDay,
  timeIn,
} from '@/features/appointments/lib/calendar';
import { formatBrl } from '@/features/appointments/lib/money';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/form-errors';
import { issuesToMessages, serverMessages, type FieldMessages } from '@/lib/issues';
import { cn } from '@/lib/utils';

/** How far ahead the page offers days. */
const DAYS_AHEAD = 14;

interface BookingFlowProps {
  slug: string;
  page: PublicBookingPage;
}

const choice =
  'rounded-lg border bg-card p-3 text-left outline-none focus-visible:ring-2 focus-visible:ring-ring aria-pressed:border-brand-navy aria-pressed:bg-brand-navy aria-pressed:text-white';

/** Service, day, time, name and phone, then the confirmation in words. */
export function BookingFlow({ slug, page }: BookingFlowProps) {
  const { t, i18n } = useTranslation('appointments');
  const zone = page.timezone;
  const [serviceId, setServiceId] = useState<number | null>(null);
  const [day, setDay] = useState<string | null>(null);
  const [slot, setSlot] = useState<Slot | null>(null);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [booked, setBooked] = useState<PublicBookingResult | null>(null);
  const [taken, setTaken] = useState(false);
  // On a phone each next step appears below up to 56 time buttons: a choice brings its next step
  // into view, and the customer's details start with the cursor in the name.
  const timesStep = useRef<HTMLFieldSetElement>(null);
  const detailsStep = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    if (day) timesStep.current?.scrollIntoView({ block: 'start' });
  }, [day]);
  useEffect(() => {
    if (!slot) return;
    detailsStep.current?.scrollIntoView({ block: 'start' });
    detailsStep.current?.querySelector('input')?.focus({ preventScroll: true });
  }, [slot]);
  const today = dayIn(new Date(), zone);
  const slots = usePublicSlotsQuery(
    slug,
    serviceId === null ? null : { serviceId, from: today, to: addDays(today, DAYS_AHEAD - 1) },
  );
  const book = useCreatePublicBookingMutation(slug);
  const days = Array.from({ length: DAYS_AHEAD }, (_, i) => addDays(today, i));
  const byDay = slots.data ? groupByDay(slots.data, days, zone) : null;
  const openDays = byDay ? days.filter((d) => (byDay.get(d)?.length ?? 0) > 0) : [];
  const service = page.services.find((s) => s.id === serviceId);
  const when = (s: Slot) =>
    t('booking.when', {
      day: dayInWords(dayIn(s.startsAt, zone), i18n.language),
      time: timeIn(s.startsAt, zone),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = publicBookingSchema.safeParse({
      serviceId,
      startsAt: slot?.startsAt,
      customerName: name,
      customerPhone: phone,
    });
    if (!parsed.success) {
      setErrors(issuesToMessages(parsed.error));
      return;
    }
    setErrors({});
    setTaken(false);
    book.mutate(parsed.data, {
      onSuccess: setBooked,
      onError: (failure) => {
        setErrors(serverMessages(failure));
        if (failure instanceof ApiError && failure.status === 409) {
          // Someone took it first: the slots are fetched again; pick another time.
          setTaken(true);
          setSlot(null);
        }
      },
    });
  };

  if (booked) {
    return (
      <section
        className="grid justify-items-center gap-3 rounded-lg border bg-card p-6 text-center"
        data-testid="booking-success"
      >
        <CircleCheck aria-hidden="true" className="size-12 text-green-600" />
        <h2 className="text-xl font-bold text-brand-navy">{t('booking.successTitle')}</h2>
        <p className="text-lg first-letter:uppercase" data-testid="booking-when">
          {when(booked)}
        </p>
        <p className="text-muted-foreground">
          {t('booking.successDetails', { service: booked.serviceName, name: name.trim() })}
        </p>
      </section>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-6">
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-semibold">{t('booking.stepService')}</legend>
        {page.services.map((s) => (
          <button
            key={s.id}
            type="button"
            aria-pressed={serviceId === s.id}
            className={cn(choice, 'grid gap-0.5')}
            onClick={() => {
              setServiceId(s.id);
              setDay(null);
              setSlot(null);
            }}
          >
            <span className="font-medium">{s.name}</span>
            <span className="text-sm opacity-80">
              {s.priceBrl == null
                ? t('booking.serviceDuration', { duration: s.durationMinutes })
                : t('booking.serviceDurationPrice', {
                    duration: s.durationMinutes,
                    price: formatBrl(s.priceBrl, i18n.language),
                  })}
            </span>
          </button>
        ))}
      </fieldset>

      {serviceId !== null ? (
        <fieldset className="grid gap-2">
          <legend className="mb-2 font-semibold">{t('booking.stepDay')}</legend>
          {taken ? (
            <ErrorAlert message={errorMessage(book.error, t('booking.takenFallback'))} />
          ) : null}
          {slots.isError ? (
            <ErrorAlert message={errorMessage(slots.error, t('slots.loadError'))} />
          ) : !byDay ? (
            <Skeleton className="h-16 w-full" />
          ) : openDays.length === 0 ? (
            <p className="text-muted-foreground">{t('booking.noDays')}</p>
          ) : (
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-4" data-testid="booking-days">
              {openDays.map((d) => (
                <button
                  key={d}
                  type="button"
                  aria-pressed={day === d}
                  className={cn(choice, 'text-center text-sm first-letter:uppercase')}
                  onClick={() => {
                    setDay(d);
                    setSlot(null);
                  }}
                >
                  {dayShort(d, i18n.language)}
                </button>
              ))}
            </div>
          )}
        </fieldset>
      ) : null}

      {day && byDay ? (
        <fieldset ref={timesStep} className="grid scroll-mt-4 gap-2">
          <legend className="mb-2 font-semibold">{t('booking.stepTime')}</legend>
          {(byDay.get(day) ?? []).length === 0 ? (
            <p className="text-muted-foreground">{t('slots.none')}</p>
          ) : (
            <div className="grid grid-cols-4 gap-2" data-testid="booking-times">
              {(byDay.get(day) ?? []).map((s) => (
                <button
                  key={s.startsAt}
                  type="button"
                  aria-pressed={slot?.startsAt === s.startsAt}
                  className={cn(choice, 'text-center text-sm tabular-nums')}
                  onClick={() => setSlot(s)}
                >
                  {timeIn(s.startsAt, zone)}
                </button>
              ))}
            </div>
          )}
        </fieldset>
      ) : null}

      {slot && service ? (
        <fieldset ref={detailsStep} className="grid scroll-mt-4 gap-4">
          <legend className="mb-2 font-semibold">{t('booking.stepDetails')}</legend>
          <FormField
            label={t('booking.name')}
            autoComplete="name"
            value={name}
            maxLength={120}
            error={errors.customerName}
            onChange={(e) => setName(e.target.value)}
          />
          <FormField
            label={t('booking.phone')}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={phone}
            placeholder={t('booking.phonePlaceholder')}
            error={errors.customerPhone}
            onChange={(e) => setPhone(e.target.value)}
          />
          <p
            className="rounded-lg bg-card p-3 text-sm first-letter:uppercase"
            data-testid="booking-summary"
          >
            {t('booking.summary', { service: service.name, when: when(slot) })}
          </p>
          {book.isError && !taken && !errors.customerName && !errors.customerPhone ? (
            <ErrorAlert message={errorMessage(book.error, t('booking.bookError'))} />
          ) : null}
          <Button type="submit" size="lg" disabled={book.isPending}>
            {book.isPending ? t('booking.booking') : t('booking.confirm')}
          </Button>
        </fieldset>
      ) : null}
    </form>
  );
}
