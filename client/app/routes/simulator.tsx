import { SimulatorPage } from '@/features/simulator/components/simulator-page';

export default function SimulatorRoute() {
  return <SimulatorPage />;
}
