import { useRef, type ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@cardirect/ui/dialog';
import { usePanelFocus } from '../lib/deal-panel-focus';

interface StepDialogProps {
  title: string;
  description: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: (finish: () => void) => ReactNode;
}

/**
 * A dialog that asks before one step of the deal. `finish` closes it after the step succeeded:
 * focus then goes to the deal panel's heading, since the button that opened it is gone.
 */
export function StepDialog({ title, description, open, onOpenChange, children }: StepDialogProps) {
  const finished = useRef(false);
  const focusPanel = usePanelFocus();
  // The step's answer may already have replaced the panel's content and unmounted this dialog, in
  // which case no close event comes: the heading takes the focus here too.
  const finish = () => {
    finished.current = true;
    onOpenChange(false);
    focusPanel();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] overflow-y-auto"
        onCloseAutoFocus={(event) => {
          if (!finished.current) return;
          event.preventDefault();
          focusPanel();
        }}
      >
        <DialogTitle className="pr-8">{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {children(finish)}
      </DialogContent>
    </Dialog>
  );
}
