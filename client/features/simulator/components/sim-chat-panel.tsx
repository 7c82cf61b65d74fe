import { MessageSquare } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@/components/ui/select';
import type { SimInstance } from '@/features/simulator/api/get-sim-instances';
import { SimChat } from '@/features/simulator/components/sim-chat';

/**
 * The customer numbers the panel starts with (with country code): the first that is not the
 * business's own number, which a customer never writes from (the example number of the forms is
 * often typed as the business's).
 */
const CUSTOMER_NUMBERS = ['5511987654321', '5521976543210'] as const;

/** The customer's number to start with: never the number of the instance written to. */
export function defaultCustomerNumber(businessWuid: string | null | undefined): string {
  const business = (businessWuid ?? '').split('@')[0]!.split(':')[0];
  return CUSTOMER_NUMBERS.find((n) => n !== business) ?? CUSTOMER_NUMBERS[0];
}

interface SimChatPanelProps {
  instances: SimInstance[];
  instance: SimInstance | null;
  onChooseInstance: (name: string) => void;
}

export function SimChatPanel({ instances, instance, onChooseInstance }: SimChatPanelProps) {
  const { t } = useTranslation('simulator');
  const ids = { instance: useId(), number: useId(), name: useId() };
  const [typed, setNumber] = useState<string | null>(null);
  const number = typed ?? defaultCustomerNumber(instance?.wuid);
  const [name, setName] = useState(() => t('chat.defaultName'));
  const validNumber = /^\d{10,15}$/.test(number);

  return (
    <Card data-testid="sim-chat-panel">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <MessageSquare aria-hidden="true" className="size-5" />
          {t('chat.title')}
        </CardTitle>
        <CardDescription>{t('chat.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!instance ? (
          <p className="text-sm text-muted-foreground" data-testid="sim-chat-none">
            {t('chat.noConnected')}
          </p>
        ) : (
          <>
            <div className="grid gap-4 sm:grid-cols-3">
              <div className="grid gap-2">
                <Label htmlFor={ids.instance}>{t('chat.instance')}</Label>
                <Select value={instance.instanceName} onValueChange={onChooseInstance}>
                  <SelectTrigger id={ids.instance}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {instances.map((item) => (
                      <SelectItem key={item.instanceName} value={item.instanceName}>
                        {item.instanceName}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <div className="grid gap-2">
                <Label htmlFor={ids.number}>{t('chat.number')}</Label>
                <Input
                  id={ids.number}
                  inputMode="numeric"
                  maxLength={15}
                  value={number}
                  aria-invalid={validNumber ? undefined : true}
                  onChange={(event) => setNumber(event.target.value.replace(/\D/g, ''))}
                />
                <p className="text-xs text-muted-foreground">
                  {validNumber ? t('chat.numberHint') : t('chat.numberInvalid')}
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
            {validNumber ? (
              <SimChat
                key={`${instance.instanceName}:${number}`}
                instanceName={instance.instanceName}
                number={number}
                name={name}
              />
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
