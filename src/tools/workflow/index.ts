import type { z } from 'zod';
import type { Profile } from '../../profiles/types';
import type { ToolModule } from '../types';
import { explainWorkflow, renderWorkflow } from './render';
import { workflowInput, workflowInputFor, type WorkflowInput } from './schema';
import { checkWorkflow, workflow, type WorkflowOutcome } from './workflow';

const byProfile = new WeakMap<Profile, z.ZodType<WorkflowInput>>();

export const workflowTool: ToolModule<WorkflowInput, WorkflowOutcome> = {
  name: 'Workflow',
  schema: workflowInput,
  schemaFor: (profile) => {
    let s = byProfile.get(profile);
    if (!s)
      byProfile.set(
        profile,
        (s = workflowInputFor(
          profile.text.workflowMissingSource ?? 'Must provide script, name, or scriptPath',
        )),
      );
    return s;
  },
  isReadOnly: () => false,
  isConcurrencySafe: () => false,
  permissionRequest: (input) => ({ tool: 'Workflow', kind: 'other', paths: [], input }),
  validate: checkWorkflow,
  call: workflow,
  render: renderWorkflow,
  explain: explainWorkflow,
};
