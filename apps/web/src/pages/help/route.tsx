import { HelpPage } from './HelpPage';

export const Component = HelpPage;
