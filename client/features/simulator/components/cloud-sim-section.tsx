import { BadgeCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { useCloudSimNumbersQuery, type CloudSimNumber } from '@/features/simulator/api/cloud-sim';
import { CloudSimChat } from '@/features/simulator/components/cloud-sim-chat';
import { defaultCustomerNumber } from '@/features/simulator/components/sim-chat-panel';
import { ApiError } from '@/lib/api-client';
import { cn } from '@/lib/utils';

/**
 * The official numbers (WhatsApp Business Platform) the simulator plays Meta for: choose one and
 * chat with its agent as a customer, or answer as the owner from the Business app.
 */
export function CloudSimSection() {
  const { t } = useTranslation('simulator');
  const numbers = useCloudSimNumbersQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = numbers.data ?? [];
  const number = list.find((n) => n.phoneNumberId === chosen) ?? list[0] ?? null;
  // Not found: the simulator does not play Meta on this server (a real Meta app is configured).
  const inactive = numbers.error instanceof ApiError && numbers.error.status === 404;

  return (
    <section className="grid gap-4" aria-labelledby="cloud-sim-title" data-testid="cloud-sim">
      <div className="grid gap-1">
        <h2 id="cloud-sim-title" className="flex items-center gap-2 text-lg font-semibold">
          <BadgeCheck aria-hidden="true" className="size-5 text-green-700" />
          {t('cloud.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('cloud.description')}</p>
      </div>
      {numbers.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner label={t('cloud.loading')} />
        </div>
      ) : inactive ? (
        <p className="text-sm text-muted-foreground" data-testid="cloud-sim-inactive">
          {t('cloud.inactive')}
        </p>
      ) : numbers.isError ? (
        <ErrorAlert title={t('cloud.loadError')} message={numbers.error.message} />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_1fr]">
          <NumberList numbers={list} chosen={number} onChoose={setChosen} />
          <ChatPanel number={number} />
        </div>
      )}
    </section>
  );
}

interface NumberListProps {
  numbers: CloudSimNumber[];
  chosen: CloudSimNumber | null;
  onChoose: (phoneNumberId: string) => void;
}

function NumberList({ numbers, chosen, onChoose }: NumberListProps) {
  const { t } = useTranslation('simulator');
  return (
    <Card data-testid="cloud-sim-numbers">
      <CardHeader>
        <CardTitle className="text-base">{t('cloud.numbersTitle')}</CardTitle>
        <CardDescription>{t('cloud.numbersDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        {numbers.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="cloud-sim-empty">
            {t('cloud.empty')}
          </p>
        ) : (
          <ul className="grid gap-3">
            {numbers.map((number) => {
              const selected = number.phoneNumberId === chosen?.phoneNumberId;
              return (
                <li key={number.phoneNumberId}>
                  <button
                    type="button"
                    aria-pressed={selected}
                    data-testid="cloud-sim-number"
                    data-phone-number-id={number.phoneNumberId}
                    onClick={() => onChoose(number.phoneNumberId)}
                    className={cn(
                      'grid w-full gap-1 rounded-lg border p-3 text-left text-sm hover:bg-muted/60',
                      selected && 'border-green-600 bg-green-50 hover:bg-green-50',
                    )}
                  >
                    <span className="font-medium">
                      {number.displayPhoneNumber ?? number.phoneNumberId}
                    </span>
                    {number.verifiedName ? (
                      <span className="text-muted-foreground">{number.verifiedName}</span>
                    ) : null}
                    <span className="text-xs text-muted-foreground">
                      {number.agentName
                        ? t('cloud.agent', { name: number.agentName })
                        : t('cloud.noAgent')}
                    </span>
                    {number.coexistence ? (
                      <Badge variant="secondary" className="w-fit">
                        {t('cloud.coexistence')}
                      </Badge>
                    ) : null}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function ChatPanel({ number }: { number: CloudSimNumber | null }) {
  const { t } = useTranslation('simulator');
  const ids = { number: useId(), name: useId() };
  const [typed, setPhone] = useState<string | null>(null);
  const business = (number?.displayPhoneNumber ?? '').replace(/\D/g, '');
  const phone = typed ?? defaultCustomerNumber(business);
  const [name, setName] = useState(() => t('chat.defaultName'));
  const validPhone = /^\d{10,15}$/.test(phone);

  return (
    <Card data-testid="cloud-sim-chat-panel">
      <CardHeader>
        <CardTitle className="text-base">{t('chat.title')}</CardTitle>
        <CardDescription>{t('cloud.chatDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!number ? (
          <p className="text-sm text-muted-foreground" data-testid="cloud-sim-chat-none">
            {t('cloud.noNumber')}
          </p>
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="grid gap-2">
                <Label htmlFor={ids.number}>{t('chat.number')}</Label>
                <Input
                  id={ids.number}
                  inputMode="numeric"
                  maxLength={15}
                  value={phone}
                  aria-invalid={validPhone ? undefined : true}
                  onChange={(event) => setPhone(event.target.value.replace(/\D/g, ''))}
                />
                <p className="text-xs text-muted-foreground">
                  {validPhone ? t('chat.numberHint') : t('chat.numberInvalid')}
                </p>
              </div>
              <div className="grid gap-2">
                <Label htmlFor={ids.name}>{t('chat.name')}</Label>
                <Input
                  id={ids.name}
                  maxLength={100}
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                />
              </div>
            </div>
            {validPhone ? (
              <CloudSimChat
                key={`${number.phoneNumberId}:${phone}`}
                number={number}
                phone={phone}
                name={name}
              />
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
