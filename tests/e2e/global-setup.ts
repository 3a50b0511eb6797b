// Runs once before the browser tests: the test services and a current build (tests/setup/services.ts).
import { readyForTests } from '../setup/services';

export default function globalSetup(): Promise<void> {
  return readyForTests('e2e');
}
