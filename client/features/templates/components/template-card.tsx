import type { AgentTemplate } from '@common/templates';
import { Eye, Wand2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TemplateIcon } from '@/components/template-icon';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** A card shows up to 3 tags plus a +N count. */
const VISIBLE_TAGS = 3;

interface TemplateCardProps {
  template: AgentTemplate;
  onPreview: () => void;
  onUse: () => void;
}

export function TemplateCard({ template, onPreview, onUse }: TemplateCardProps) {
  const { t } = useTranslation('agents');
  const titleId = `template-${template.id}-name`;
  const hidden = template.tags.length - VISIBLE_TAGS;
  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      data-testid="template-card"
      className="flex flex-col"
    >
      <CardHeader className="gap-3">
        <div className="flex items-start justify-between gap-2">
          <TemplateIcon name={template.icon} />
          <Badge variant="secondary">{t(`templates.categories.${template.category}`)}</Badge>
        </div>
        <CardTitle id={titleId}>{template.name}</CardTitle>
        <CardDescription className="line-clamp-3">{template.description}</CardDescription>
      </CardHeader>
      <CardContent className="mt-auto grid gap-4">
        <ul className="flex flex-wrap gap-1.5" data-testid="template-tags">
          {template.tags.slice(0, VISIBLE_TAGS).map((tag) => (
            <li key={tag}>
              <Badge variant="outline">{tag}</Badge>
            </li>
          ))}
          {hidden > 0 ? (
            <li>
              <Badge variant="outline" className="text-muted-foreground">
                {t('templates.moreTags', { count: hidden })}
              </Badge>
            </li>
          ) : null}
        </ul>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" className="flex-1" onClick={onPreview}>
            <Eye aria-hidden="true" />
            {t('templates.preview')}
          </Button>
          <Button variant="brand" size="sm" className="flex-1" onClick={onUse}>
            <Wand2 aria-hidden="true" />
            {t('templates.use')}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
