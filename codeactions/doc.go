// Package codeactions turns the analysis's suggested fixes into quick fixes and fix-all edits, and offers OpenACC refactorings (split and join combined constructs) as byte-offset text edits.
package codeactions
