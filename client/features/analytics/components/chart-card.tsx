import { Download, Table2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { downloadCsv, type CsvCell } from '@/features/analytics/lib/csv';
import { cn } from '@/lib/utils';

export interface ChartTable {
  columns: string[];
  rows: CsvCell[][];
}

interface ChartCardProps {
  /** data-testid and the CSV file's name */
  id: string;
  title: string;
  table: ChartTable;
  /** the chart; when it is a table already, no second table is added */
  children: ReactNode;
  visualIsTable?: boolean;
  className?: string;
}

/**
 * A chart with its figures as a table — read by screen readers, shown with 'Ver tabela' — and
 * 'Exportar CSV' of the same figures.
 */
export function ChartCard(props: ChartCardProps) {
  const { id, title, table, children, visualIsTable = false, className } = props;
  const { t } = useTranslation('analytics');
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  return (
    <Card data-testid={`chart-${id}`} className={cn('min-w-0', className)}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-base">{title}</CardTitle>
        <div className="flex gap-2">
          {visualIsTable ? null : (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              aria-expanded={showTable}
              aria-controls={tableId}
              onClick={() => setShowTable((shown) => !shown)}
            >
              <Table2 aria-hidden="true" />
              {showTable ? t('chart.hideTable') : t('chart.showTable')}
            </Button>
          )}
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => downloadCsv(`${id}.csv`, [table.columns, ...table.rows])}
          >
            <Download aria-hidden="true" />
            {t('chart.exportCsv')}
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        {children}
        {visualIsTable ? null : (
          <div id={tableId} className={showTable ? 'relative overflow-x-auto' : 'sr-only'}>
            <DataTable caption={title} table={table} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

export function DataTable({ caption, table }: { caption: string; table: ChartTable }) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b text-left">
          {table.columns.map((column) => (
            <th key={column} scope="col" className="px-2 py-1 font-medium">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row, r) => (
          <tr key={r} className="border-b last:border-0">
            {row.map((cell, c) =>
              c === 0 ? (
                <th key={c} scope="row" className="px-2 py-1 text-left font-normal">
                  {cell}
                </th>
              ) : (
                <td key={c} className="px-2 py-1 tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
