import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldA11y, LabelledField } from '@/components/labelled-field';
import { ModelSelect } from '@/components/model-select';
import { OptionsSelect } from '@/components/options-select';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Slider } from '@/components/ui/slider';
import { Textarea } from '@/components/ui/textarea';
import { HANDOFF_MESSAGE_MAX } from '@common/schemas/agent';
import { PlaceholderWarning } from '@/features/agents/components/editor/placeholder-warning';
import type { EditorValues } from '@/features/agents/lib/editor-form';

const STATUS_ORDER = ['draft', 'active', 'testing'] as const;

/** Tab 'Configurações Básicas': the cards Informações Básicas and Configurações de IA. */
export function EditorBasicTab() {
  const { t } = useTranslation('agents');
  const { t: tn } = useTranslation('notifications');
  const { register, control, formState, watch } = useFormContext<EditorValues>();
  const { errors } = formState;
  const handoffLength = watch('handoffMessage').length;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>{t('editor.basicCard')}</CardTitle>
          <CardDescription>{t('editor.basicCardDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <LabelledField
            htmlFor="editor-name"
            label={t('fields.name')}
            error={errors.name?.message}
          >
            <Input {...fieldA11y('editor-name', errors.name?.message)} {...register('name')} />
          </LabelledField>
          <LabelledField
            htmlFor="editor-status"
            label={t('fields.status')}
            error={errors.status?.message}
          >
            <Controller
              control={control}
              name="status"
              render={({ field }) => (
                <OptionsSelect
                  {...fieldA11y('editor-status', errors.status?.message)}
                  value={field.value}
                  onValueChange={field.onChange}
                  options={STATUS_ORDER.map((value) => ({
                    value,
                    label: t(`statusOptions.${value}`),
                  }))}
                />
              )}
            />
          </LabelledField>
          <LabelledField
            htmlFor="editor-description"
            label={t('fields.description')}
            error={errors.description?.message}
          >
            <Textarea
              {...fieldA11y('editor-description', errors.description?.message)}
              rows={3}
              {...register('description')}
            />
          </LabelledField>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t('editor.aiCard')}</CardTitle>
          <CardDescription>{t('editor.aiCardDescription')}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <LabelledField
            htmlFor="editor-systemPrompt"
            label={t('fields.systemPrompt')}
            error={errors.systemPrompt?.message}
          >
            <Textarea
              {...fieldA11y('editor-systemPrompt', errors.systemPrompt?.message)}
              rows={8}
              {...register('systemPrompt')}
            />
          </LabelledField>
          <PlaceholderWarning name="systemPrompt" id="editor-systemPrompt-placeholders" />
          <LabelledField
            htmlFor="editor-handoffMessage"
            label={tn('handoff.label')}
            error={errors.handoffMessage?.message}
          >
            <p id="editor-handoffMessage-hint" className="text-xs text-muted-foreground">
              {tn('handoff.hint')}
            </p>
            <Textarea
              {...fieldA11y('editor-handoffMessage', errors.handoffMessage?.message)}
              aria-describedby={[
                'editor-handoffMessage-hint',
                'editor-handoffMessage-count',
                errors.handoffMessage ? 'editor-handoffMessage-error' : '',
              ]
                .filter(Boolean)
                .join(' ')}
              rows={3}
              maxLength={HANDOFF_MESSAGE_MAX}
              placeholder={tn('handoff.placeholder')}
              {...register('handoffMessage')}
            />
            <p
              id="editor-handoffMessage-count"
              className="text-right text-xs text-muted-foreground"
            >
              {tn('handoff.count', { count: handoffLength, max: HANDOFF_MESSAGE_MAX })}
            </p>
          </LabelledField>
          <LabelledField
            htmlFor="editor-model"
            label={t('fields.model')}
            error={errors.model?.message}
          >
            <Controller
              control={control}
              name="model"
              render={({ field }) => (
                <ModelSelect
                  {...fieldA11y('editor-model', errors.model?.message)}
                  value={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          </LabelledField>
          <Controller
            control={control}
            name="temperature"
            render={({ field }) => (
              <div className="grid gap-2">
                <div className="flex justify-between text-sm font-medium">
                  <span id="editor-creativity">{t('editor.creativity')}</span>
                  <span data-testid="editor-temperature">{field.value.toFixed(1)}</span>
                </div>
                <Slider
                  aria-labelledby="editor-creativity"
                  min={0}
                  max={1}
                  step={0.1}
                  value={field.value}
                  onValueChange={field.onChange}
                />
                <div className="flex justify-between text-xs text-muted-foreground">
                  <span>{t('editor.conservative')}</span>
                  <span>{t('editor.creative')}</span>
                </div>
              </div>
            )}
          />
        </CardContent>
      </Card>
    </div>
  );
}
