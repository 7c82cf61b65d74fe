import type { AgentTemplate } from '@common/templates';

/** The category filter's "everything" value ('Todas as categorias' / chip 'Todos'). */
export const ALL_CATEGORIES = 'all';

/** Templates whose name, description or a tag contains the search (case-insensitive), in category. */
export function filterTemplates(
  templates: readonly AgentTemplate[],
  search: string,
  category: string,
): AgentTemplate[] {
  const needle = search.trim().toLocaleLowerCase('pt-BR');
  return templates.filter((template) => {
    if (category !== ALL_CATEGORIES && template.category !== category) return false;
    if (!needle) return true;
    return [template.name, template.description, ...template.tags].some((text) =>
      text.toLocaleLowerCase('pt-BR').includes(needle),
    );
  });
}
