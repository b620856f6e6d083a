// A separate entry so that pages without a modal never download Radix Dialog.
export { Dialog, DialogTrigger, DialogClose, DialogContent, DialogTitle, DialogDescription } from './components/dialog';
