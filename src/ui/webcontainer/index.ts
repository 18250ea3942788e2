export { BackendSwitch, type BackendSwitchProps } from './BackendSwitch';
export { createBackendChoice, FALLBACK_MESSAGE, type BackendChoice, type ChoiceState } from './choice';
