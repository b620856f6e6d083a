// A separate entry so that pages without a dropdown never download Radix Select and floating-ui.
export { Select, type SelectOption } from './components/select';
