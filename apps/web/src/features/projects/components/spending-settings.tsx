import { Controller, type Control, type FieldErrors } from 'react-hook-form';
import type { ZUpdateProjectSettings } from '@cityforge/shared';
import type { z } from 'zod';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { CapField } from '../../../components/spending/cap-field';
import { MonthSpend } from '../../../components/spending/month-spend';
import { useProjectSpending } from '../api/get-project-spending';

type FormIn = z.input<typeof ZUpdateProjectSettings>;

/** The project's monthly spending cap, and what it spent this month against it. */
export function SpendingSettings({
  projectId,
  control,
  errors,
}: {
  projectId: string;
  control: Control<FormIn>;
  errors: FieldErrors<FormIn>;
}) {
  const spend = useProjectSpending(projectId);
  return (
    <Card>
      <CardHeader
        title="Spending"
        description="What this project's AI calls may cost in a calendar month. Your account can have a cap of its own, on your profile."
      />
      <CardBody className="grid gap-5 sm:grid-cols-2">
        <Controller
          control={control}
          name="spendingCapUsd"
          render={({ field }) => <CapField field={field} error={errors.spendingCapUsd?.message} />}
        />
        {spend.data ? <MonthSpend spend={spend.data} className="sm:pt-7" /> : null}
      </CardBody>
    </Card>
  );
}
