// Runs once before all vitest workers: the test services and a current build (tests/setup/services.ts).
import { readyForTests } from './services';

export default function globalSetup(): Promise<void> {
  return readyForTests('vitest');
}
