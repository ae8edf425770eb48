#lang racket/base
;; A stand-in for `unstable/contract`, a collection that Racket retired (Racket 6.3) and Debian's racket
;; package no longer has. The course's reference implementation (mfelleisen/Evolution next.rkt) takes one
;; combinator from it: (maybe/c c), a value that satisfies contract c, or #f. Put this folder on PLTCOLLECTS
;; (with a trailing ':' to keep the installation's collections), as scripts/course_reference/fetch.sh does.
(require racket/contract/base)
(provide maybe/c)
(define (maybe/c c) (or/c c #f))
