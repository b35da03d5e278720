{{/* Names, labels and the pieces every app's pod shares. */}}

{{- define "translation-rooms.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "translation-rooms.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* The full name of a dependency chart's resources, as those charts compute it: (dict "root" $ "chart" "nats"). */}}
{{- define "translation-rooms.dependencyFullname" -}}
{{- $values := index .root.Values .chart -}}
{{- if $values.fullnameOverride -}}
{{- $values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .chart $values.nameOverride -}}
{{- if contains $name .root.Release.Name -}}
{{- .root.Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .root.Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* Name of one app's resources: (dict "root" $ "app" "gateway"). */}}
{{- define "translation-rooms.appName" -}}
{{- printf "%s-%s" (include "translation-rooms.fullname" .root) .app | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "translation-rooms.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "translation-rooms.selectorLabels" -}}
app.kubernetes.io/name: {{ include "translation-rooms.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "translation-rooms.labels" -}}
helm.sh/chart: {{ include "translation-rooms.chart" . }}
{{ include "translation-rooms.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: translation-rooms
{{- end -}}

{{/* Selector of one app's pods: (dict "root" $ "app" "gateway"). */}}
{{- define "translation-rooms.appSelectorLabels" -}}
{{ include "translation-rooms.selectorLabels" .root }}
app.kubernetes.io/component: {{ .app }}
{{- end -}}

{{- define "translation-rooms.appLabels" -}}
{{ include "translation-rooms.labels" .root }}
app.kubernetes.io/component: {{ .app }}
{{- end -}}

{{- define "translation-rooms.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "translation-rooms.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "translation-rooms.image" -}}
{{- if .Values.image.digest -}}
{{- printf "%s@%s" .Values.image.repository .Values.image.digest -}}
{{- else -}}
{{- printf "%s:%s" .Values.image.repository (default .Chart.AppVersion .Values.image.tag) -}}
{{- end -}}
{{- end -}}

{{/* The Secret holding provider keys and DATABASE_URL: the existing one, or the chart's. */}}
{{- define "translation-rooms.secretName" -}}
{{- default (include "translation-rooms.fullname" .) .Values.secrets.existingSecret -}}
{{- end -}}

{{- define "translation-rooms.postgresqlHost" -}}
{{- include "translation-rooms.dependencyFullname" (dict "root" . "chart" "postgresql") -}}
{{- end -}}

{{- define "translation-rooms.natsUrl" -}}
{{- if .Values.config.natsUrl -}}
{{- .Values.config.natsUrl -}}
{{- else if .Values.nats.enabled -}}
{{- printf "nats://%s:4222" (include "translation-rooms.dependencyFullname" (dict "root" . "chart" "nats")) -}}
{{- else -}}
{{- fail "config.natsUrl is required when nats.enabled is false" -}}
{{- end -}}
{{- end -}}

{{- define "translation-rooms.otelEndpoint" -}}
{{- if .Values.otel.endpoint -}}
{{- .Values.otel.endpoint -}}
{{- else if (index .Values "opentelemetry-collector" "enabled") -}}
{{- printf "http://%s:4318" (include "translation-rooms.dependencyFullname" (dict "root" . "chart" "opentelemetry-collector")) -}}
{{- end -}}
{{- end -}}

{{- define "translation-rooms.publicUrl" -}}
{{- if .Values.config.publicUrl -}}
{{- .Values.config.publicUrl -}}
{{- else if and .Values.ingress.enabled .Values.ingress.hosts -}}
{{- printf "https://%s" (first .Values.ingress.hosts).host -}}
{{- end -}}
{{- end -}}

{{/*
Variables that give the database URL under `name`: with the bundled PostgreSQL, built from its generated
password (Kubernetes expands $(LT_POSTGRES_PASSWORD)); else the Secret's DATABASE_URL.
(dict "root" $ "name" "DATABASE_URL" "secret" "<secret name>")
*/}}
{{- define "translation-rooms.databaseUrlEnv" -}}
{{- $root := .root -}}
{{- if $root.Values.postgresql.enabled -}}
{{- $pg := $root.Values.postgresql -}}
- name: LT_POSTGRES_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ default (include "translation-rooms.postgresqlHost" $root) $pg.auth.existingSecret }}
      key: password
- name: {{ .name }}
  value: {{ printf "postgres://%s:$(LT_POSTGRES_PASSWORD)@%s:5432/%s" $pg.auth.username (include "translation-rooms.postgresqlHost" $root) $pg.auth.database | quote }}
{{- else }}
- name: {{ .name }}
  valueFrom:
    secretKeyRef:
      name: {{ .secret }}
      key: DATABASE_URL
{{- end -}}
{{- end -}}

{{/* Fails the render when no database is configured at all. */}}
{{- define "translation-rooms.checkDatabase" -}}
{{- if and (not .Values.postgresql.enabled) (not .Values.secrets.existingSecret) (not .Values.secrets.values.DATABASE_URL) -}}
{{- fail "No database: set postgresql.enabled=true, secrets.values.DATABASE_URL, or secrets.existingSecret holding DATABASE_URL" -}}
{{- end -}}
{{- end -}}

{{/* Variables every app's container gets: (dict "root" $ "app" "gateway" "spec" <apps.gateway>). */}}
{{- define "translation-rooms.commonEnv" -}}
{{- $root := .root -}}
{{- $otel := include "translation-rooms.otelEndpoint" $root -}}
- name: K8S_POD_NAME
  valueFrom:
    fieldRef:
      fieldPath: metadata.name
- name: LOG_LEVEL
  value: {{ $root.Values.config.logLevel | quote }}
- name: LOG_FORMAT
  value: {{ $root.Values.config.logFormat | quote }}
- name: NATS_URL
  value: {{ include "translation-rooms.natsUrl" $root | quote }}
{{- with $root.Values.config.natsSubjectPrefix }}
- name: NATS_SUBJECT_PREFIX
  value: {{ . | quote }}
{{- end }}
- name: METRICS_PORT
  value: {{ ternary $root.Values.metrics.port 0 $root.Values.metrics.enabled | quote }}
- name: OTEL_SERVICE_NAME
  value: {{ .app | quote }}
- name: OTEL_RESOURCE_ATTRIBUTES
  value: {{ printf "k8s.namespace.name=%s,k8s.pod.name=$(K8S_POD_NAME),service.instance.id=$(K8S_POD_NAME)%s" $root.Release.Namespace (ternary (printf ",%s" $root.Values.otel.resourceAttributes) "" (ne $root.Values.otel.resourceAttributes "")) | quote }}
{{- if $otel }}
- name: OTEL_EXPORTER_OTLP_ENDPOINT
  value: {{ $otel | quote }}
- name: OTEL_EXPORTER_OTLP_PROTOCOL
  value: {{ $root.Values.otel.protocol | quote }}
- name: OTEL_TRACES_SAMPLER
  value: {{ $root.Values.otel.sampler | quote }}
- name: OTEL_TRACES_SAMPLER_ARG
  value: {{ $root.Values.otel.samplerArg | quote }}
{{- else }}
- name: OTEL_SDK_DISABLED
  value: "true"
{{- end }}
{{- range $name, $value := $root.Values.config.extraEnv }}
{{- if ne (toString $value) "" }}
- name: {{ $name }}
  value: {{ toString $value | quote }}
{{- end }}
{{- end }}
{{- end -}}

{{- define "translation-rooms.volumes" -}}
# The root filesystem is read-only: scratch space and DATA_DIR (mails written when no SMTP_URL is set) are
# per-pod and discarded with it.
- name: tmp
  emptyDir: {}
- name: data
  emptyDir: {}
{{- end -}}

{{- define "translation-rooms.volumeMounts" -}}
- name: tmp
  mountPath: /tmp
- name: data
  mountPath: /data
{{- end -}}

{{/* A NetworkPolicy egress rule to a dependency: its configured peers, else the bundled chart's pods, else any address on its ports. */}}
{{- define "translation-rooms.egressTo" -}}
- to:
  {{- if .peers }}
  {{- toYaml .peers | nindent 4 }}
  {{- else if .bundled }}
    - podSelector:
        matchLabels:
          app.kubernetes.io/instance: {{ .release }}
          app.kubernetes.io/name: {{ .name }}
  {{- else }}
    - ipBlock:
        cidr: 0.0.0.0/0
  {{- end }}
  ports:
    {{- range .ports }}
    - protocol: TCP
      port: {{ . }}
    {{- end }}
{{- end -}}
