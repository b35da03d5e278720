/// <reference types="jest" />
