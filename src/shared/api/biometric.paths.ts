export const biometricPaths = {
  options: '/users/biometric-verification/options',
  verify: '/users/biometric-verification',
} as const;
